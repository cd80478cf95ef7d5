import { Model } from 'objection';

/** One message in both languages: namespace 'app' + key 'subtitle' is the message id 'app.subtitle'. */
export class Translation extends Model {
  static tableName = 'translations';

  id!: number;
  namespace!: string;
  key!: string;
  zh!: string;
  en!: string;
  description!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
  version!: number;
  deletedAt!: Date | null;
  deletedBy!: number | null;
}
