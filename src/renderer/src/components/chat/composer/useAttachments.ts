import { useCallback, useState } from 'react'
import type { ChatAttachment, ChatAttachmentRef } from '@shared/chat/composerContext'
import { describeError } from '@renderer/components/errors/describeError'
import { useAttachResourceMutation } from '@renderer/store/chatApi'

/** A chip in the composer: read by main (ready), being read, or failed with the server's message. */
export interface ComposerAttachment {
  ref: ChatAttachmentRef
  /** shown while reading and after a failure */
  label: string
  server: string
  status: 'reading' | 'ready' | 'failed'
  attachment?: ChatAttachment
  error?: string
}

const same = (a: ChatAttachmentRef, b: ChatAttachmentRef) => a.serverId === b.serverId && a.uri === b.uri

/** The resources attached to the message being written: each read through main as it is added, Retry on a failure. */
export function useAttachments(conversationId: string) {
  const [items, setItems] = useState<ComposerAttachment[]>([])
  const [attachResource] = useAttachResourceMutation()

  const read = useCallback(
    async (ref: ChatAttachmentRef) => {
      const set = (change: Partial<ComposerAttachment>) => setItems((all) => all.map((a) => (same(a.ref, ref) ? { ...a, ...change } : a)))
      try {
        const attachment = await attachResource({ conversationId, ...ref }).unwrap()
        set({ status: 'ready', attachment, error: undefined })
      } catch (e) {
        set({ status: 'failed', error: describeError(e).message })
      }
    },
    [attachResource, conversationId]
  )

  const attach = useCallback(
    (ref: ChatAttachmentRef, label: string, server: string) => {
      // the same resource twice would send its text twice
      setItems((all) => (all.some((a) => same(a.ref, ref)) ? all : [...all, { ref, label, server, status: 'reading' }]))
      void read(ref)
    },
    [read]
  )
  const retry = useCallback(
    (ref: ChatAttachmentRef) => {
      setItems((all) => all.map((a) => (same(a.ref, ref) ? { ...a, status: 'reading', error: undefined } : a)))
      void read(ref)
    },
    [read]
  )
  const remove = useCallback((ref: ChatAttachmentRef) => setItems((all) => all.filter((a) => !same(a.ref, ref))), [])
  const clear = useCallback(() => setItems([]), [])
  return { items, attach, retry, remove, clear }
}
