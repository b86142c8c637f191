import { useMemo } from 'react'
import { Button, Form, Typography } from 'antd'
import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js'
import { useTranslation } from 'react-i18next'
import type { ElicitationResponse, ElicitationRequestEvent } from '@shared/ipc/contract'
import { ElicitationFieldInput } from './ElicitationFieldInput'
import { elicitationFields, initialValues, toContent } from './elicitationFields'
import { ServerRequestModal } from './ServerRequestModal'
import type { RequestPlace } from './requestPlace'

export interface ElicitationFormDialogProps extends RequestPlace {
  event: ElicitationRequestEvent
  params: ElicitRequestFormParams
  busy: boolean
  onAnswer: (response: ElicitationResponse) => void
}

/** Form mode: the server's message and a validated form built from its requested schema. */
export function ElicitationFormDialog({ event, params, busy, onAnswer, position, total }: ElicitationFormDialogProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm()
  const fields = useMemo(() => elicitationFields(params.requestedSchema), [params.requestedSchema])
  const initial = useMemo(() => initialValues(fields), [fields])

  const accept = async () => {
    try {
      await form.validateFields()
    } catch {
      // antd shows the messages; put the user on the first one
      const first = form.getFieldsError().find((f) => f.errors.length > 0)
      if (first) form.focusField(first.name)
      return
    }
    onAnswer({ action: 'accept', content: toContent(fields, form.getFieldsValue(true)) })
  }

  return (
    <ServerRequestModal
      testId="elicitation-dialog"
      title={t('dialogs.elicitation.title', { server: event.serverName })}
      serverName={event.serverName}
      expiresAt={event.expiresAt}
      position={position}
      total={total}
      onDismiss={() => onAnswer({ action: 'cancel' })}
      footer={[
        <Button key="cancel" data-testid="elicitation-cancel" disabled={busy} onClick={() => onAnswer({ action: 'cancel' })}>
          {t('dialogs.elicitation.cancel')}
        </Button>,
        <Button key="decline" data-testid="elicitation-decline" disabled={busy} onClick={() => onAnswer({ action: 'decline' })}>
          {t('dialogs.elicitation.decline')}
        </Button>,
        <Button key="accept" type="primary" data-testid="elicitation-accept" loading={busy} onClick={() => void accept()}>
          {t('dialogs.elicitation.accept')}
        </Button>
      ]}
    >
      <Typography.Paragraph data-testid="elicitation-message" style={{ whiteSpace: 'pre-wrap' }}>
        {params.message}
      </Typography.Paragraph>
      {fields.length === 0 && <Typography.Paragraph type="secondary">{t('dialogs.elicitation.noFields')}</Typography.Paragraph>}
      <Form
        form={form}
        name={`elicitation-${event.requestId}`}
        layout="vertical"
        initialValues={initial}
        onFinish={() => void accept()}
        disabled={busy}
      >
        {fields.map((field) => (
          <ElicitationFieldInput key={field.name} field={field} />
        ))}
      </Form>
    </ServerRequestModal>
  )
}
