// A change to the library made outside the view that shows it (a restore from the trash, an
// Undo in a toast): views that list sets, cards or decks read `libraryChanges.revision` in
// their loading effect, so they load again.

let revision = $state(0);

export const libraryChanges = {
  get revision(): number {
    return revision;
  },
  changed(): void {
    revision++;
  },
};
