// Decklist formats: plain text and Cockatrice .cod parse to one ParsedDeckList, which
// resolveDeckList turns into library cards; formatters write a NamedDeck.

export * from './list';
export * from './text-list';
export * from './cod-list';
export * from './name-match';
export * from './resolve-list';
