import { useTranslation } from 'react-i18next'

// main names a chat with no message yet in English; the page says it in the user's language
const MAIN_NEW_CHAT_TITLE = 'New chat'

export function useConversationTitle(title: string): string {
  const { t } = useTranslation()
  return title === MAIN_NEW_CHAT_TITLE ? t('chat.newChatTitle') : title
}
