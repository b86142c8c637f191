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
  // after the click the download has its own reference to the blob
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
