import { Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import type { InstallLinkProblem } from '@shared/mcp/installLink'
import { ConfigIssueText } from '@renderer/components/servers/ConfigIssueText'

/** Why the parser refused a link, in the user's language; a bad server entry names each field. */
export function LinkProblemText({ problem }: { problem: InstallLinkProblem }) {
  const { t } = useTranslation()
  return (
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
    </Flex>
  )
}
