/** Where a dialog's request sits in the queue: "position of total", 1-based. */
export interface RequestPlace {
  position: number
  total: number
}
