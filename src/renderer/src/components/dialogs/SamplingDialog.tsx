import { useState } from 'react'
import { Button, Flex, Form, Input, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import type { SamplingRequestEvent, SamplingResponse } from '@shared/ipc/contract'
import { SamplingDraftBar } from './SamplingDraftBar'
import { SamplingMessages } from './SamplingMessages'
import { SamplingRequestDetails } from './SamplingRequestDetails'
import { ServerRequestModal } from './ServerRequestModal'
import type { RequestPlace } from './requestPlace'
import { useSamplingDraft } from './useSamplingDraft'

export interface SamplingDialogProps extends RequestPlace {
  event: SamplingRequestEvent
  busy: boolean
  onAnswer: (response: SamplingResponse) => void
}

/**
 * What the server asks a model, shown in full; the user writes the reply that goes back, or has
 * a configured model draft it and edits it, or rejects. Never answered silently: Esc and the
 * close button reject. A reply that came from a draft goes back with that model's id.
 */
export function SamplingDialog({ event, busy, onAnswer, position, total }: SamplingDialogProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const [reply, setReply] = useState('')
  const [touched, setTouched] = useState(false)
  // the model whose draft the reply box holds; undefined when the user wrote it
  const [draftedBy, setDraftedBy] = useState<string>()
  const draft = useSamplingDraft(event.requestId, setReply, setDraftedBy)
  const empty = reply.trim().length === 0
  const { params } = event

  const approve = () => {
    setTouched(true)
    if (!empty && !draft.drafting) onAnswer({ action: 'approve', text: reply, model: draftedBy ?? 'user' })
  }

  return (
    <ServerRequestModal
      testId="sampling-dialog"
      title={t('dialogs.sampling.title', { server: event.serverName })}
      serverName={event.serverName}
      expiresAt={event.expiresAt}
      position={position}
      total={total}
      width={760}
      onDismiss={() => onAnswer({ action: 'reject' })}
      footer={[
        <Button key="reject" danger data-testid="sampling-reject" disabled={busy} onClick={() => onAnswer({ action: 'reject' })}>
          {t('dialogs.sampling.reject')}
        </Button>,
        <Button key="approve" type="primary" data-testid="sampling-approve" loading={busy} disabled={draft.drafting} onClick={approve}>
          {t('dialogs.sampling.approve')}
        </Button>
      ]}
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('dialogs.sampling.intro')}</Typography.Text>
        {params.systemPrompt && (
          <div>
            <Typography.Text strong>{t('dialogs.sampling.systemPrompt')}</Typography.Text>
            <Typography.Paragraph
              data-testid="sampling-system-prompt"
              style={{ whiteSpace: 'pre-wrap', padding: token.paddingSM, background: token.colorFillQuaternary, borderRadius: token.borderRadius, marginBlock: 4 }}
            >
              {params.systemPrompt}
            </Typography.Paragraph>
          </div>
        )}
        <div>
          <Typography.Text strong>{t('dialogs.sampling.messages')}</Typography.Text>
          <SamplingMessages messages={params.messages} />
        </div>
        <SamplingRequestDetails params={params} />
        <Form layout="vertical" name={`sampling-${event.requestId}`} disabled={busy}>
          <Form.Item
            label={t('dialogs.sampling.reply')}
            htmlFor={`sampling-reply-${event.requestId}`}
            required
            validateStatus={touched && empty ? 'error' : undefined}
            help={touched && empty ? t('dialogs.sampling.replyRequired') : undefined}
            // the draft bar right beneath belongs to the reply
            style={{ marginBottom: 8 }}
          >
            <Input.TextArea
              id={`sampling-reply-${event.requestId}`}
              data-testid="sampling-reply"
              value={reply}
              placeholder={t('dialogs.sampling.replyPlaceholder')}
              rows={5}
              readOnly={draft.drafting}
              onChange={(e) => {
                setReply(e.target.value)
                // cleared, whatever is typed next is the user's own
                if (!e.target.value.trim()) setDraftedBy(undefined)
              }}
            />
          </Form.Item>
        </Form>
        <SamplingDraftBar hints={params.modelPreferences?.hints} draft={draft} draftedBy={draftedBy} disabled={busy} />
      </Flex>
    </ServerRequestModal>
  )
}
