import type { RelationMappings } from 'objection';
import { RecordModel, belongsTo } from '../db/RecordModel';
import { User } from '../users/User';

/**
 * A customer's system's key to the API (DESIGN §15): it acts as its user, until it expires or is
 * deleted (revoked). The secret itself is never kept, only its SHA-256.
 */
export class ApiToken extends RecordModel {
  static tableName = 'api_tokens';

  static relationMappings = (): RelationMappings => ({
    user: belongsTo('api_tokens', User, 'userId'),
  });

  /** A use records its time and address; it is no edit of the token (no new version). */
  static unversioned = ['lastUsedAt', 'lastUsedIp'];

  name!: string;
  userId!: number;
  tokenHash!: string;
  /** The secret's first characters, to tell tokens apart: 'rsl_AbCd'. */
  prefix!: string;
  expiresAt!: Date;
  lastUsedAt!: Date | null;
  lastUsedIp!: string | null;
  createdBy!: number | null;
}
