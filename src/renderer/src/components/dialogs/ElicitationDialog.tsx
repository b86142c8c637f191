import type { ElicitationRequestEvent, ElicitationResponse } from '@shared/ipc/contract'
import { ElicitationFormDialog } from './ElicitationFormDialog'
import { ElicitationUrlDialog } from './ElicitationUrlDialog'
import type { RequestPlace } from './requestPlace'

export interface ElicitationDialogProps extends RequestPlace {
  event: ElicitationRequestEvent
  busy: boolean
  onAnswer: (response: ElicitationResponse) => void
}

/** A form for form mode (the default when `mode` is absent), a consent screen for URL mode. */
export function ElicitationDialog({ event, ...rest }: ElicitationDialogProps) {
  const { params } = event
  return params.mode === 'url' ? (
    <ElicitationUrlDialog event={event} params={params} {...rest} />
  ) : (
    <ElicitationFormDialog event={event} params={params} {...rest} />
  )
}
