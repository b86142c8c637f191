import { useEffect, useState } from 'react'
import type { McpApi } from '@shared/ipc/api'
import { useApi } from '@renderer/context/ApiContext'

/** One fetch per URL per window: every row and the editor showing a logo share it. */
const loaded = new WeakMap<McpApi, Map<string, Promise<string>>>()

function load(api: McpApi, url: string): Promise<string> {
  let byUrl = loaded.get(api)
  if (!byUrl) loaded.set(api, (byUrl = new Map()))
  let image = byUrl.get(url)
  if (!image) {
    image = api.app.fetchImage({ url }).then((r) => r.dataUrl)
    // a failure is not kept here: main remembers it briefly and answers again later
    image.catch(() => byUrl.delete(url))
    byUrl.set(url, image)
  }
  return image
}

/** Local images (data:, blob:) are shown as they are; a web image comes through main (the CSP allows no other host). */
const isLocal = (url: string) => /^(data|blob):/i.test(url)

export type RemoteImage = { status: 'none' } | { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed'; error: string }

/** What to show for an image URL from a config (a server's logo). */
export function useRemoteImage(url: string | undefined): RemoteImage {
  const api = useApi()
  const wanted = url?.trim()
  const [state, setState] = useState<{ url?: string; image: RemoteImage }>({ image: { status: 'none' } })
  useEffect(() => {
    if (!wanted || isLocal(wanted)) return
    let current = true
    setState({ url: wanted, image: { status: 'loading' } })
    load(api, wanted).then(
      (src) => current && setState({ url: wanted, image: { status: 'ready', src } }),
      (error: unknown) => current && setState({ url: wanted, image: { status: 'failed', error: error instanceof Error ? error.message : String(error) } })
    )
    return () => {
      current = false
    }
  }, [api, wanted])
  if (!wanted) return { status: 'none' }
  if (isLocal(wanted)) return { status: 'ready', src: wanted }
  return state.url === wanted ? state.image : { status: 'loading' }
}
