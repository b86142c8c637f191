import type { App } from 'electron'
import { extensionFileAt, extensionFilesIn } from '../services/extensions/openedFiles'

/**
 * Hands every .mcpb/.dxt file the operating system opens the app with to `deliver`: macOS sends
 * `open-file` (also before the app is ready, so this runs early); Windows and Linux start the app
 * with the file in argv, or a second instance whose argv (and working folder, for a relative
 * path) reaches the first as `second-instance`. Which arguments count is `openedFiles.ts`'s job.
 * Call before `whenReady`.
 */
export function registerExtensionFiles(app: App, deliver: (path: string) => void, argv: readonly string[] = process.argv, cwd: string = process.cwd()): void {
  app.on('open-file', (event, path) => {
    const file = extensionFileAt(path, cwd)
    if (!file) return
    // handled: macOS would otherwise report that the app cannot open the file
    event.preventDefault()
    deliver(file)
  })
  app.on('second-instance', (_event, secondArgv, workingDirectory) => extensionFilesIn(secondArgv, workingDirectory).forEach(deliver))
  // the file that started this instance
  extensionFilesIn(argv, cwd).forEach(deliver)
}
