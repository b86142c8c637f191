import { useTranslation } from 'react-i18next'
import { AppLayout } from '@renderer/components/layout/AppLayout'
import { useDocumentTitle } from '@renderer/hooks/useDocumentTitle'

/** The chat: conversations on the left, the open one on the right. */
export function ChatPage({ chatId }: { chatId?: string }) {
  const { t } = useTranslation()
  useDocumentTitle(`${t('chat.title')} · ${t('app.name')}`)
  return (
    <AppLayout current="chat" title={t('chat.title')}>
      <div data-chat-id={chatId} />
    </AppLayout>
  )
}
