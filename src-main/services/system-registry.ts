// The installed game systems by id, each with its card validator compiled on first use
// (compiling every card type's JSON Schema costs time a system nobody opens should not).

import type { GameSystem } from '../../card-schema/system/format';
import { ApiError, type SystemSummary, type ValidationIssue } from '../api/contract';
import { createCardValidator } from './card-validator';

export type CardValidator = (doc: unknown) => ValidationIssue[];

export class SystemRegistry {
  private readonly byId = new Map<string, GameSystem>();
  private readonly validators = new Map<string, CardValidator>();

  constructor(
    systems: readonly GameSystem[],
    private readonly makeValidator: (system: GameSystem) => CardValidator = createCardValidator,
  ) {
    for (const system of systems) this.byId.set(system.id, system);
  }

  list(): GameSystem[] {
    return [...this.byId.values()];
  }

  has(systemId: string): boolean {
    return this.byId.has(systemId);
  }

  find(systemId: string): GameSystem | undefined {
    return this.byId.get(systemId);
  }

  /** The system, or a NOT_FOUND ApiError naming the missing id and what is installed. */
  require(systemId: string): GameSystem {
    const system = this.byId.get(systemId);
    if (system) return system;
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
    return this.list().map((system) => {
      const summary: SystemSummary = {
        id: system.id,
        name: system.name,
        version: system.version,
        cardTypes: system.cardTypes.map((cardType) => ({ id: cardType.id, label: cardType.label })),
      };
      if (system.description !== undefined) summary.description = system.description;
      if (system.license !== undefined) summary.license = system.license;
      return summary;
    });
  }
}
