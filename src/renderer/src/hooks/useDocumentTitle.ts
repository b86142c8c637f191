import { useEffect } from 'react'

/** The window title follows the page and its language (the HTML <title> is only the first paint). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title
  }, [title])
}
