// A validation issue as a sentence that names the field by its form label, e.g.
// "Keywords › 1 › X: must be >= 1" for the path "/keywords/0/x".

import type { JsonSchema } from '../../../card-schema/system/json-schema';
import { fieldLabel } from '../../../card-schema/system/field-label';
import type { ValidationIssue } from '../../../src-main/api/contract';

export { fieldLabel };

export function issueLabel(issue: ValidationIssue, root: JsonSchema | undefined, doc: unknown): string {
  if (!issue.path || !root) return issue.message;
  return `${fieldLabel(root, doc, issue.path)}: ${issue.message}`;
}
