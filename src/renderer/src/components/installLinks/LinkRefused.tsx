import { Alert, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { InstallLinkProblem } from '@shared/mcp/installLink'
import { ConfigIssueText } from '@renderer/components/servers/ConfigIssueText'

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
          <span data-testid="install-link-problem">{t(`installLink.problems.${problem.code}`, 'params' in problem ? problem.params : undefined)}</span>
          {problem.code === 'badServers' && (
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problem.issues.map((issue, i) => (
                <li key={i} data-testid="import-issue" data-field={issue.field} data-server={issue.server}>
                  <ConfigIssueText issue={issue} />
                </li>
              ))}
            </ul>
          )}
          <Typography.Text>{t('installLink.refusedHelp')}</Typography.Text>
        </Flex>
      }
    />
  )
}
