import { Divider, Flex } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { AppLayout } from '@renderer/components/layout/AppLayout'
import { RuntimesSection, RUNTIMES_SECTION_ID } from '@renderer/components/runtimes/RuntimesSection'
import { SignInSection } from '@renderer/components/settings/SignInSection'
import { useDocumentTitle } from '@renderer/hooks/useDocumentTitle'

/** Settings (side menu): the runtimes local servers need, and how the app signs in. Language and theme stay in the top bar. */
export function SettingsPage() {
  const { t } = useTranslation()
  useDocumentTitle(`${t('runtimes.pageTitle')} · ${t('app.name')}`)
  // a link from a server's failure lands on the section
  useEffect(() => document.getElementById(RUNTIMES_SECTION_ID)?.scrollIntoView?.({ block: 'start' }), [])
  return (
    <AppLayout current="settings" title={t('runtimes.pageTitle')}>
      <Flex vertical gap="middle" style={{ maxWidth: 960 }} data-testid="settings-page">
        <RuntimesSection />
        <Divider />
        <SignInSection />
      </Flex>
    </AppLayout>
  )
}
