/** Saves text as a file through the browser's download (works the same in Electron and browser mode). */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // the browser reads the blob after the click, later on a busy machine; revoked at once, the
  // download can be lost. A minute is plenty, and the blob is only the size of the text
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
