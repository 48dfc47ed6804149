// Tabletop Simulator's saved object for a deck: one "DeckCustom" whose cards come from sprite
// sheets of 10 × 7 faces (TTS's largest grid). A card's id is sheet number × 100 + its index on
// the sheet; the last slot (69) of every sheet is left for TTS's hidden-card face, as TTS expects
// of a full 10 × 7 sheet. Pure: the caller renders the sheets and says where they are.

export const TTS_COLUMNS = 10;
export const TTS_ROWS = 7;
/** Faces per sheet: 69, the 70th slot is shown for hidden cards (BackIsHidden). */
export const TTS_FACES_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1;

export interface TtsCard {
  name: string;
  description?: string;
  /** Which face (0-based, in order of the distinct faces rendered). */
  face: number;
}

/** Where a sheet's face slot is: sheet index (0-based), column and row. */
export function ttsSlot(face: number): { sheet: number; column: number; row: number } {
  const sheet = Math.floor(face / TTS_FACES_PER_SHEET);
  const index = face % TTS_FACES_PER_SHEET;
  return { sheet, column: index % TTS_COLUMNS, row: Math.floor(index / TTS_COLUMNS) };
}

const TRANSFORM = { posX: 0, posY: 1, posZ: 0, rotX: 0, rotY: 180, rotZ: 180, scaleX: 1, scaleY: 1, scaleZ: 1 };

/**
 * The saved object: `cards` in deck order (a card held 3 times is listed 3 times), `faceUrls`
 * the sheets' URLs in order, `backUrl` the shared back.
 */
export function ttsSavedObject(deckName: string, cards: readonly TtsCard[], faceUrls: readonly string[], backUrl: string) {
  const cardId = (face: number) => {
    const { sheet, column, row } = ttsSlot(face);
    return (sheet + 1) * 100 + row * TTS_COLUMNS + column;
  };
  const customDeck = Object.fromEntries(
    faceUrls.map((url, sheet) => [
      String(sheet + 1),
      {
        FaceURL: url,
        BackURL: backUrl,
        NumWidth: TTS_COLUMNS,
        NumHeight: TTS_ROWS,
        BackIsHidden: true,
        UniqueBack: false,
        Type: 0,
      },
    ]),
  );
  return {
    SaveName: deckName,
    GameMode: '',
    Date: '',
    Table: '',
    Sky: '',
    Note: '',
    Rules: '',
    XmlUI: '',
    LuaScript: '',
    ObjectStates: [
      {
        Name: 'DeckCustom',
        Nickname: deckName,
        Description: '',
        Transform: TRANSFORM,
        Locked: false,
        Grid: true,
        Snap: true,
        Autoraise: true,
        Sticky: true,
        Tooltip: true,
        HideWhenFaceDown: true,
        SidewaysCard: false,
        DeckIDs: cards.map((card) => cardId(card.face)),
        CustomDeck: customDeck,
        ContainedObjects: cards.map((card) => ({
          Name: 'Card',
          Nickname: card.name,
          Description: card.description ?? '',
          CardID: cardId(card.face),
          Transform: TRANSFORM,
          SidewaysCard: false,
          HideWhenFaceDown: true,
          CustomDeck: { [String(ttsSlot(card.face).sheet + 1)]: customDeck[String(ttsSlot(card.face).sheet + 1)] },
        })),
      },
    ],
    TabStates: {},
    VersionNumber: '',
  };
}
