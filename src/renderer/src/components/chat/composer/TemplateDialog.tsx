import { Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { TemplateReader } from '@renderer/components/results/TemplateReader'
import type { TemplateEntry } from './contextItems'

/** A resource template chosen with `@`: its variables filled in (with the server's suggestions), then attached. */
export function TemplateDialog({ serverId, server, template, onAttach, onCancel }: { serverId: string; server: string; template: TemplateEntry; onAttach: (uri: string) => void; onCancel: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal open title={t('chat.attach.templateTitle', { server, template: template.title ?? template.name })} onCancel={onCancel} footer={null} destroyOnHidden>
      <TemplateReader serverId={serverId} template={template} busy={false} onRead={onAttach} actionLabel={t('chat.attach.attach')} />
    </Modal>
  )
}
