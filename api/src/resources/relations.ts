import { Model, type ModelClass, type QueryBuilder, type Relation, type RelationType } from 'objection';
import type { AnyResource } from './resource';

/** Without the narrowing of `instanceof`: objection types every relation class as the one `Relation`. */
const isA = (relation: Relation, type: RelationType): boolean => relation instanceof type;

/** A belongs-to-one relation: the id in `field` must name a live row of `related`. */
export interface Reference {
  field: string;
  related: ModelClass<Model>;
}

/** A many-to-many relation shown, filtered and written as a list of ids: `serviceAreas` → `serviceAreaIds`. */
export interface IdList {
  field: string;
  relation: string;
  related: ModelClass<Model>;
}

/**
 * The relations a resource writes, read from its model's relationMappings so that each is stated
 * once, on the model. Only a resource that writes carries them: a read-only view of a model (a
 * picker, the user options) shows its columns and nothing else.
 */
function relationsOf(def: AnyResource): Array<[string, Relation]> {
  return def.write ? Object.entries(def.model.getRelations() as Record<string, Relation>) : [];
}

/** The resource's references: each belongs-to-one relation of its model, by its own id column. */
export const referencesOf = (def: AnyResource): Reference[] => relationsOf(def)
  .filter(([, relation]) => isA(relation, Model.BelongsToOneRelation))
  .map(([, relation]) => ({ field: relation.ownerProp.props[0], related: relation.relatedModelClass }));

/** The resource's id lists: each many-to-many relation of its model, its field named after it. */
export const idListsOf = (def: AnyResource): IdList[] => relationsOf(def)
  .filter(([, relation]) => isA(relation, Model.ManyToManyRelation))
  .map(([name, relation]) => ({ field: `${name.replace(/s$/, '')}Ids`, relation: name, related: relation.relatedModelClass }));

/**
 * The related rows of an id list, correlated with the row of the query it is put in (a select or a
 * whereExists of `def`'s query). Named by their table: objection would alias them by the
 * relation's name, which `live` and the callers' column names do not know.
 */
export const relatedRows = (def: AnyResource, list: IdList): QueryBuilder<Model> =>
  def.model.relatedQuery<Model>(list.relation).alias(list.related.tableName);
