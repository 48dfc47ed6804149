// The installed game systems by id: the built-in ones shipped with the app and the ones a
// designer installed into the user's data folder. Each card validator is compiled on first
// use (compiling every card type's JSON Schema costs time a system nobody opens should not).

import type { GameSystem } from '../../card-schema/system/format';
import type { SystemSummary, ValidationIssue } from '../api/contract';
import { ApiError } from '../api/api-error';
import { createCardValidator } from './card-validator';

export type CardValidator = (doc: unknown) => ValidationIssue[];

export interface InstalledSystem {
  system: GameSystem;
  /** The folder it was loaded from. */
  dir: string;
  /** Shipped with the app (read-only) rather than installed by the user. */
  builtIn: boolean;
}

export class SystemRegistry {
  private readonly byId = new Map<string, InstalledSystem>();
  private readonly validators = new Map<string, CardValidator>();
  private readonly installListeners: ((system: GameSystem) => void)[] = [];

  constructor(
    installed: readonly InstalledSystem[],
    private readonly makeValidator: (system: GameSystem) => CardValidator = createCardValidator,
  ) {
    for (const entry of installed) this.byId.set(entry.system.id, entry);
  }

  entries(): InstalledSystem[] {
    return [...this.byId.values()];
  }

  list(): GameSystem[] {
    return [...this.byId.values()].map((entry) => entry.system);
  }

  has(systemId: string): boolean {
    return this.byId.has(systemId);
  }

  find(systemId: string): GameSystem | undefined {
    return this.byId.get(systemId)?.system;
  }

  installed(systemId: string): InstalledSystem | undefined {
    return this.byId.get(systemId);
  }

  /** Adds or replaces a system; returns what it replaced. */
  install(entry: InstalledSystem): InstalledSystem | undefined {
    const previous = this.byId.get(entry.system.id);
    this.byId.set(entry.system.id, entry);
    this.validators.delete(entry.system.id);
    for (const listener of this.installListeners) listener(entry.system);
    return previous;
  }

  /** Runs `listener` for every system installed from now on (the deck pool's fields follow it). */
  onInstall(listener: (system: GameSystem) => void): void {
    this.installListeners.push(listener);
  }

  uninstall(systemId: string): void {
    this.byId.delete(systemId);
    this.validators.delete(systemId);
  }

  /** The system, or a NOT_FOUND ApiError naming the missing id and what is installed. */
  require(systemId: string): GameSystem {
    const entry = this.byId.get(systemId);
    if (entry) return entry.system;
    const installed = [...this.byId.keys()].map((id) => `"${id}"`).join(', ') || 'none';
    throw new ApiError(`No game system "${systemId}" is installed (installed: ${installed})`, 'NOT_FOUND');
  }

  validate(systemId: string, doc: unknown): ValidationIssue[] {
    let validator = this.validators.get(systemId);
    if (!validator) {
      validator = this.makeValidator(this.require(systemId));
      this.validators.set(systemId, validator);
    }
    return validator(doc);
  }

  summaries(): SystemSummary[] {
    return [...this.byId.values()].map(({ system, builtIn }) => {
      const summary: SystemSummary = {
        id: system.id,
        name: system.name,
        version: system.version,
        builtIn,
        cardTypes: system.cardTypes.map((cardType) => ({ id: cardType.id, label: cardType.label })),
      };
      if (system.description !== undefined) summary.description = system.description;
      if (system.license !== undefined) summary.license = system.license;
      return summary;
    });
  }
}
