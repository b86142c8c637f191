import type { SamplingDrafts } from '../services/chat/SamplingDrafts'
import type { IpcHandlers } from './IpcRouter'

type DraftChannels = 'chat:draft-sampling' | 'chat:stop-sampling-draft'

/** A model drafts the reply to a server's sampling request; the window streams it and the user approves. */
export function samplingDraftHandlers(drafts: SamplingDrafts): Pick<IpcHandlers, DraftChannels> {
  return {
    'chat:draft-sampling': ({ requestId, model }) => drafts.draft(requestId, model),
    'chat:stop-sampling-draft': ({ requestId }) => drafts.stop(requestId)
  }
}
