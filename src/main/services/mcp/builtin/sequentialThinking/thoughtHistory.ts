export interface ThoughtData {
  thought: string
  thoughtNumber: number
  totalThoughts: number
  nextThoughtNeeded: boolean
  isRevision?: boolean
  revisesThought?: number
  branchFromThought?: number
  branchId?: string
  needsMoreThoughts?: boolean
}

export interface ThoughtSummary {
  thoughtNumber: number
  totalThoughts: number
  nextThoughtNeeded: boolean
  branches: string[]
  thoughtHistoryLength: number
}

/** One connection's chain of thoughts and its branches; it lives only as long as the connection. */
export class ThoughtHistory {
  private readonly thoughts: ThoughtData[] = []
  private readonly branches = new Map<string, ThoughtData[]>()

  add(input: ThoughtData): ThoughtSummary {
    // a thought past the estimate raises the estimate, as the reference server does
    const thought = { ...input, totalThoughts: Math.max(input.totalThoughts, input.thoughtNumber) }
    this.thoughts.push(thought)
    if (thought.branchFromThought !== undefined && thought.branchId) {
      const branch = this.branches.get(thought.branchId) ?? []
      branch.push(thought)
      this.branches.set(thought.branchId, branch)
    }
    return {
      thoughtNumber: thought.thoughtNumber,
      totalThoughts: thought.totalThoughts,
      nextThoughtNeeded: thought.nextThoughtNeeded,
      branches: [...this.branches.keys()],
      thoughtHistoryLength: this.thoughts.length
    }
  }
}
