// What the library is showing: all cards of one game system, or one set of it.
export interface LibraryScope {
  systemId: string;
  setId: string | null;
}
