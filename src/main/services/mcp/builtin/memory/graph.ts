import { z } from 'zod'

/** The knowledge graph's shapes, the same as the reference memory server's so its prompts work here. */
export const EntitySchema = z.object({
  name: z.string().describe('The name of the entity'),
  entityType: z.string().describe('The type of the entity'),
  observations: z.array(z.string()).describe('An array of observation contents associated with the entity')
})

export const RelationSchema = z.object({
  from: z.string().describe('The name of the entity where the relation starts'),
  to: z.string().describe('The name of the entity where the relation ends'),
  relationType: z.string().describe('The type of the relation')
})

export type Entity = z.infer<typeof EntitySchema>
export type Relation = z.infer<typeof RelationSchema>

export interface KnowledgeGraph {
  entities: Entity[]
  relations: Relation[]
}

export const emptyGraph = (): KnowledgeGraph => ({ entities: [], relations: [] })

export const sameRelation = (a: Relation, b: Relation): boolean => a.from === b.from && a.to === b.to && a.relationType === b.relationType

/** The entities that match and every relation touching one of them, so a node's links can be found. */
export function subgraph(graph: KnowledgeGraph, keep: (entity: Entity) => boolean): KnowledgeGraph {
  const entities = graph.entities.filter(keep)
  const names = new Set(entities.map((e) => e.name))
  return { entities, relations: graph.relations.filter((r) => names.has(r.from) || names.has(r.to)) }
}
