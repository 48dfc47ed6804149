// A board's phases by id and label: a phase is a plain name (its own id and label) or an
// object with automated steps. Shared by the engine, the toolbar and the Games view.

import type { PhaseDef, SteppedPhase } from './format';

export function phaseId(phase: PhaseDef): string {
  return typeof phase === 'string' ? phase : phase.id;
}

export function phaseLabelOf(phase: PhaseDef): string {
  return typeof phase === 'string' ? phase : phase.label;
}

/** The label of the phase with this id (the id itself when there is none). */
export function phaseLabel(phases: readonly PhaseDef[], id: string): string {
  const phase = phases.find((candidate) => phaseId(candidate) === id);
  return phase === undefined ? id : phaseLabelOf(phase);
}

/** A board with any phase declared as an object runs its turns by steps, not by the implicit draw and regen. */
export function isStepped(phases: readonly PhaseDef[]): boolean {
  return phases.some((phase) => typeof phase !== 'string');
}

export function steppedPhase(phase: PhaseDef): SteppedPhase {
  return typeof phase === 'string' ? { id: phase, label: phase } : phase;
}
