import { Alert, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { InstallLinkProblem } from '@shared/mcp/installLink'
import { LinkProblemText } from './LinkProblemText'

/** Why a link cannot be used (each bad server field named), and what to do instead. */
export function LinkRefused({ problem }: { problem: InstallLinkProblem }) {
  const { t } = useTranslation()
  return (
    <Alert
      type="error"
      showIcon
      data-testid="install-link-refused"
      data-code={problem.code}
      title={t('installLink.refusedTitle')}
      description={
        <Flex vertical gap="small">
          <LinkProblemText problem={problem} />
          <Typography.Text>{t('installLink.refusedHelp')}</Typography.Text>
        </Flex>
      }
    />
  )
}
