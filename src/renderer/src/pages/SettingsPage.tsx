import { Divider, Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import { AppLayout } from '@renderer/components/layout/AppLayout'
import { RuntimesSection, RUNTIMES_SECTION_ID } from '@renderer/components/runtimes/RuntimesSection'
import { CHAT_SETTINGS_SECTION_ID, ChatSettingsSection } from '@renderer/components/settings/ChatSettingsSection'
import { SignInSection } from '@renderer/components/settings/SignInSection'
import { useDocumentTitle } from '@renderer/hooks/useDocumentTitle'
import { usePageRoute } from '@renderer/hooks/usePageRoute'
import { useScrollToSection } from '@renderer/hooks/useScrollToSection'

/** Settings (side menu): the runtimes local servers need, the chat's limits, and how the app signs in. Language and theme stay in the top bar. */
export function SettingsPage() {
  const { t } = useTranslation()
  useDocumentTitle(`${t('runtimes.pageTitle')} · ${t('app.name')}`)
  const [route] = usePageRoute()
  const section = route.page === 'settings' && route.section === 'chat' ? CHAT_SETTINGS_SECTION_ID : RUNTIMES_SECTION_ID
  // a link from a server's failure lands on the runtimes, one from a chat's step-limit note on the chat's limits
  useScrollToSection(section)
  return (
    <AppLayout current="settings" title={t('runtimes.pageTitle')}>
      <Flex vertical gap="middle" style={{ maxWidth: 960 }} data-testid="settings-page">
        <RuntimesSection />
        <Divider />
        <ChatSettingsSection />
        <Divider />
        <SignInSection />
      </Flex>
    </AppLayout>
  )
}
