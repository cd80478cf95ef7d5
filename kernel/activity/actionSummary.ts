import type { ErrorAnswerBody } from '../errors/errorCodes';

/** What GET /api/actions/:actionId tells of an action (docs/undo.md#routes). */
export interface ActionSummary {
  actionId: string;
  /** The log action of its first row; `actions` lists every kind it holds. */
  action: string;
  actions: string[];
  /** Its log rows, and the records they name. */
  count: number;
  records: number;
  entityTypes: string[];
  userId: number | null;
  username: string | null;
  userName: string | null;
  at: string;
  undoableUntil: string;
  /** Whether the signed-in user may undo it now; else the refusal an undo would get. */
  undoable: boolean;
  refusal?: ErrorAnswerBody;
}

/** The answer of POST /api/actions/:actionId/undo: the undo's own action id and how many records it put back. */
export interface UndoResult {
  actionId: string;
  undone: number;
  undoneActionId: string;
}
