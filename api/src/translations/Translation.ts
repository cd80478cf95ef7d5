import { RecordModel } from '../db/RecordModel';

/** One message in both languages: namespace 'app' + key 'subtitle' is the message id 'app.subtitle'. */
export class Translation extends RecordModel {
  static tableName = 'translations';

  namespace!: string;
  key!: string;
  zh!: string;
  en!: string;
  description!: string | null;
}
