import { Model, type ModelClass, type Relation, type RelationType } from 'objection';
import type { LinkDef, ResourceDef } from './resource';
import { columnName } from '../db/columnName';

/** Without the narrowing of `instanceof`: objection types every relation class as the one `Relation`. */
const isA = (relation: Relation, type: RelationType): boolean => relation instanceof type;

/**
 * A resource's `references` and `links`, read from its model's relationMappings so that each
 * relation is stated once, on the model: a belongs-to-one relation is a reference (its own id
 * column must name a live row of the related table), a many-to-many one a link (an id list kept in
 * the join table, its field named after the relation: `serviceAreas` → `serviceAreaIds`).
 */
export function relationFields(model: ModelClass<Model>): Pick<ResourceDef, 'references' | 'links'> {
  const references: Record<string, string> = {};
  const links: Record<string, LinkDef> = {};
  const relations: Record<string, Relation> = model.getRelations();
  for (const [name, relation] of Object.entries(relations)) {
    if (isA(relation, Model.BelongsToOneRelation)) {
      references[relation.ownerProp.props[0]] = relation.relatedModelClass.tableName;
    } else if (isA(relation, Model.ManyToManyRelation)) {
      links[`${name.replace(/s$/, '')}Ids`] = { table: relation.joinTable, ownKey: columnName(relation.joinTableOwnerProp.cols[0]),
        otherKey: columnName(relation.joinTableRelatedProp.cols[0]), targetTable: relation.relatedModelClass.tableName };
    }
  }
  return { references, links };
}
