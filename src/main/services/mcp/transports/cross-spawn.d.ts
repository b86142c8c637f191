// cross-spawn ships no types; its spawn has child_process.spawn's signature.
declare module 'cross-spawn' {
  import type { ChildProcess, SpawnOptions } from 'node:child_process'
  function spawn(command: string, args?: readonly string[], options?: SpawnOptions): ChildProcess
  export default spawn
}
