import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { EntitySchema, RelationSchema } from './graph'
import type { KnowledgeGraphStore } from './knowledgeGraphStore'

const GraphShape = { entities: z.array(EntitySchema), relations: z.array(RelationSchema) }
const StatusShape = { success: z.boolean(), message: z.string() }

const writes = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }
const deletes = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false }
const reads = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

/** Text for models that read `content`, the same data as structuredContent for those that use the schema. */
function json<T extends Record<string, unknown>>(text: unknown, structured: T) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(text, null, 2) }], structuredContent: structured }
}

function status(message: string) {
  return { content: [{ type: 'text' as const, text: message }], structuredContent: { success: true, message } }
}

/** The reference memory server's nine tools: same names, arguments and results. */
export function registerMemoryTools(server: McpServer, store: KnowledgeGraphStore): void {
  server.registerTool(
    'create_entities',
    {
      title: 'Create Entities',
      description: 'Create multiple new entities in the knowledge graph',
      inputSchema: { entities: z.array(EntitySchema) },
      outputSchema: { entities: z.array(EntitySchema) },
      annotations: writes
    },
    async ({ entities }) => {
      const created = await store.createEntities(entities)
      return json(created, { entities: created })
    }
  )

  server.registerTool(
    'create_relations',
    {
      title: 'Create Relations',
      description: 'Create multiple new relations between entities in the knowledge graph. Relations should be in active voice',
      inputSchema: { relations: z.array(RelationSchema) },
      outputSchema: { relations: z.array(RelationSchema) },
      annotations: writes
    },
    async ({ relations }) => {
      const created = await store.createRelations(relations)
      return json(created, { relations: created })
    }
  )

  server.registerTool(
    'add_observations',
    {
      title: 'Add Observations',
      description: 'Add new observations to existing entities in the knowledge graph',
      inputSchema: {
        observations: z.array(
          z.object({
            entityName: z.string().describe('The name of the entity to add the observations to'),
            contents: z.array(z.string()).describe('An array of observation contents to add')
          })
        )
      },
      outputSchema: { results: z.array(z.object({ entityName: z.string(), addedObservations: z.array(z.string()) })) },
      annotations: writes
    },
    async ({ observations }) => {
      const results = await store.addObservations(observations)
      return json(results, { results })
    }
  )

  server.registerTool(
    'delete_entities',
    {
      title: 'Delete Entities',
      description: 'Delete multiple entities and their associated relations from the knowledge graph',
      inputSchema: { entityNames: z.array(z.string()).describe('An array of entity names to delete') },
      outputSchema: StatusShape,
      annotations: deletes
    },
    async ({ entityNames }) => {
      const { deleted, notFound } = await store.deleteEntities(entityNames)
      return status(
        notFound.length === 0
          ? 'Entities deleted successfully'
          : `Deleted ${deleted.length} of ${entityNames.length} entities. Not found: ${notFound.join(', ')}`
      )
    }
  )

  server.registerTool(
    'delete_observations',
    {
      title: 'Delete Observations',
      description: 'Delete specific observations from entities in the knowledge graph',
      inputSchema: {
        deletions: z.array(
          z.object({
            entityName: z.string().describe('The name of the entity containing the observations'),
            observations: z.array(z.string()).describe('An array of observations to delete')
          })
        )
      },
      outputSchema: StatusShape,
      annotations: deletes
    },
    async ({ deletions }) => {
      const { deletedCount, missingEntities } = await store.deleteObservations(deletions)
      const requested = deletions.reduce((n, d) => n + d.observations.length, 0)
      return status(
        deletedCount === requested
          ? 'Observations deleted successfully'
          : `Deleted ${deletedCount} of ${requested} observations.` + (missingEntities.length ? ` Entities not found: ${missingEntities.join(', ')}` : '')
      )
    }
  )

  server.registerTool(
    'delete_relations',
    {
      title: 'Delete Relations',
      description: 'Delete multiple relations from the knowledge graph',
      inputSchema: { relations: z.array(RelationSchema).describe('An array of relations to delete') },
      outputSchema: StatusShape,
      annotations: deletes
    },
    async ({ relations }) => {
      const { deletedCount } = await store.deleteRelations(relations)
      return status(
        deletedCount === relations.length
          ? 'Relations deleted successfully'
          : `Deleted ${deletedCount} of ${relations.length} relations. The rest matched nothing.`
      )
    }
  )

  server.registerTool(
    'read_graph',
    { title: 'Read Graph', description: 'Read the entire knowledge graph', inputSchema: {}, outputSchema: GraphShape, annotations: reads },
    async () => {
      const graph = await store.read()
      return json(graph, { ...graph })
    }
  )

  server.registerTool(
    'search_nodes',
    {
      title: 'Search Nodes',
      description: 'Search for nodes in the knowledge graph based on a query',
      inputSchema: {
        query: z.string().max(2048).describe('The search query to match against entity names, types, and observation content')
      },
      outputSchema: GraphShape,
      annotations: reads
    },
    async ({ query }) => {
      const graph = await store.search(query)
      return json(graph, { ...graph })
    }
  )

  server.registerTool(
    'open_nodes',
    {
      title: 'Open Nodes',
      description: 'Open specific nodes in the knowledge graph by their names',
      inputSchema: { names: z.array(z.string()).describe('An array of entity names to retrieve') },
      outputSchema: GraphShape,
      annotations: reads
    },
    async ({ names }) => {
      const graph = await store.open(names)
      return json(graph, { ...graph })
    }
  )
}
