/** One change as the live event stream tells it (docs/live-updates.md): the server sends it, the admin reads it. */
export interface LiveChange {
  /** The activity-log row's id: the stream's event id, increasing. */
  seq: number;
  /** The kind of record: order, supplier, user… */
  type: string | null;
  id: string | null;
  /** The logged action: create, update, delete, restore, transition… */
  action: string;
  userId: number | null;
  /** The actor's name as the admin shows people. */
  by: string | null;
  at: string;
  /** The browser tab it came from; sent only to the streams of the user who made it. */
  tab?: string | null;
}
