import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import type { ThoughtHistory } from './thoughtHistory'

const DESCRIPTION = `A tool for dynamic, reflective problem-solving through a sequence of thoughts.
Each call records one thought; the chain can grow, be revised, or branch as understanding deepens.

Use it to break a problem into steps, to plan with room for course correction, or when the full scope is not clear at first.

- Start with an estimate of totalThoughts and adjust it freely, up or down.
- Question or revise earlier thoughts: set isRevision and revisesThought.
- Explore an alternative: set branchFromThought and a branchId.
- Reaching the end but needing more: raise totalThoughts or set needsMoreThoughts.
- Generate a hypothesis, then verify it against the chain of thought; repeat until satisfied.
- Set nextThoughtNeeded to false only when the answer is reached and satisfactory.`

const positive = () => z.number().int().min(1)

/** The `sequentialthinking` tool with the reference server's arguments and result. */
export function registerSequentialThinking(server: McpServer, history: ThoughtHistory): void {
  server.registerTool(
    'sequentialthinking',
    {
      title: 'Sequential Thinking',
      description: DESCRIPTION,
      inputSchema: {
        thought: z.string().describe('Your current thinking step'),
        nextThoughtNeeded: z.boolean().describe('Whether another thought step is needed'),
        thoughtNumber: positive().describe('Current thought number (numeric value, e.g., 1, 2, 3)'),
        totalThoughts: positive().describe('Estimated total thoughts needed (numeric value, e.g., 5, 10)'),
        isRevision: z.boolean().optional().describe('Whether this revises previous thinking'),
        revisesThought: positive().optional().describe('Which thought is being reconsidered'),
        branchFromThought: positive().optional().describe('Branching point thought number'),
        branchId: z.string().optional().describe('Branch identifier'),
        needsMoreThoughts: z.boolean().optional().describe('If more thoughts are needed')
      },
      outputSchema: {
        thoughtNumber: z.number(),
        totalThoughts: z.number(),
        nextThoughtNeeded: z.boolean(),
        branches: z.array(z.string()),
        thoughtHistoryLength: z.number()
      },
      // it changes nothing outside this connection's history, but each call adds to that history
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false }
    },
    (input) => {
      const summary = history.add(input)
      return { content: [{ type: 'text' as const, text: JSON.stringify(summary, null, 2) }], structuredContent: { ...summary } }
    }
  )
}
