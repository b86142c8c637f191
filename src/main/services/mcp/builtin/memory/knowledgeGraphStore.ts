import { realpath } from 'node:fs/promises'
import { withFileLock } from '../../../servers/fileLock'
import { lockFor } from './fileLocks'
import { sameRelation, subgraph, type Entity, type KnowledgeGraph, type Relation } from './graph'
import { loadGraph, saveGraph } from './memoryFile'

export interface ObservationAddition {
  entityName: string
  contents: string[]
}

export interface ObservationDeletion {
  entityName: string
  observations: string[]
}

/** The graph operations on one file; every change is a locked read-modify-write of the whole file. */
export class KnowledgeGraphStore {
  constructor(readonly file: string) {}

  /**
   * A change that throws writes nothing, so a refused batch leaves the file as it was. The mutex
   * orders this process's connections; the file lock keeps another process (the CLI, the app)
   * from writing between our read and our write. Both are taken on the file a symlink leads to.
   */
  private change<T>(apply: (graph: KnowledgeGraph) => T): Promise<T> {
    return lockFor(this.file).runExclusive(async () => {
      const target = await realpath(this.file).catch(() => this.file)
      return withFileLock(target, async (held) => {
        const graph = await loadGraph(this.file)
        const result = apply(graph)
        held()
        await saveGraph(this.file, graph)
        return result
      })
    })
  }

  // writes are atomic renames, so a read never sees half a file and needs no lock
  read(): Promise<KnowledgeGraph> {
    return loadGraph(this.file)
  }

  /** Entities whose name is already taken (in the file or earlier in the batch) are skipped. */
  createEntities(entities: Entity[]): Promise<Entity[]> {
    return this.change((graph) => {
      const taken = new Set(graph.entities.map((e) => e.name))
      const created = entities.filter((e) => !taken.has(e.name) && taken.add(e.name))
      graph.entities.push(...created)
      return created
    })
  }

  /** Both ends must exist; a relation already there is skipped. */
  createRelations(relations: Relation[]): Promise<Relation[]> {
    return this.change((graph) => {
      const names = new Set(graph.entities.map((e) => e.name))
      for (const r of relations) {
        for (const end of [r.from, r.to]) if (!names.has(end)) throw new Error(`Entity with name ${end} not found`)
      }
      const created: Relation[] = []
      for (const r of relations) {
        if (graph.relations.some((x) => sameRelation(x, r)) || created.some((x) => sameRelation(x, r))) continue
        created.push(r)
      }
      graph.relations.push(...created)
      return created
    })
  }

  /** An unknown entity fails the whole batch; an observation already present is not added twice. */
  addObservations(additions: ObservationAddition[]): Promise<Array<{ entityName: string; addedObservations: string[] }>> {
    return this.change((graph) =>
      additions.map(({ entityName, contents }) => {
        const entity = graph.entities.find((e) => e.name === entityName)
        if (!entity) throw new Error(`Entity with name ${entityName} not found`)
        const added = [...new Set(contents)].filter((c) => !entity.observations.includes(c))
        entity.observations.push(...added)
        return { entityName, addedObservations: added }
      })
    )
  }

  /** Removes the entities and every relation touching them. */
  deleteEntities(names: string[]): Promise<{ deleted: string[]; notFound: string[] }> {
    return this.change((graph) => {
      const present = new Set(graph.entities.map((e) => e.name))
      const doomed = new Set(names)
      graph.entities = graph.entities.filter((e) => !doomed.has(e.name))
      graph.relations = graph.relations.filter((r) => !doomed.has(r.from) && !doomed.has(r.to))
      return { deleted: names.filter((n) => present.has(n)), notFound: names.filter((n) => !present.has(n)) }
    })
  }

  deleteObservations(deletions: ObservationDeletion[]): Promise<{ deletedCount: number; missingEntities: string[] }> {
    return this.change((graph) => {
      let deletedCount = 0
      const missingEntities: string[] = []
      for (const { entityName, observations } of deletions) {
        const entity = graph.entities.find((e) => e.name === entityName)
        if (!entity) {
          missingEntities.push(entityName)
          continue
        }
        const before = entity.observations.length
        entity.observations = entity.observations.filter((o) => !observations.includes(o))
        deletedCount += before - entity.observations.length
      }
      return { deletedCount, missingEntities }
    })
  }

  deleteRelations(relations: Relation[]): Promise<{ deletedCount: number }> {
    return this.change((graph) => {
      const before = graph.relations.length
      graph.relations = graph.relations.filter((r) => !relations.some((d) => sameRelation(r, d)))
      return { deletedCount: before - graph.relations.length }
    })
  }

  /** Case-insensitive match on name, type or any observation. */
  async search(query: string): Promise<KnowledgeGraph> {
    const q = query.toLowerCase()
    const has = (s: string) => s.toLowerCase().includes(q)
    return subgraph(await this.read(), (e) => has(e.name) || has(e.entityType) || e.observations.some(has))
  }

  async open(names: string[]): Promise<KnowledgeGraph> {
    const wanted = new Set(names)
    return subgraph(await this.read(), (e) => wanted.has(e.name))
  }
}
