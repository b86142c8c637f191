import { useTranslation } from 'react-i18next'
import type { ConfigIssue } from '@shared/mcp/configImport'

/**
 * One problem of a pasted config or an install link: where, in our words; what is wrong, the
 * importer's own checks by code, zod's in its locale.
 */
export function ConfigIssueText({ issue }: { issue: ConfigIssue }) {
  const { t } = useTranslation()
  return (
    <>
      {issue.server !== undefined
        ? `${t('serverImport.issueInServer', { server: issue.server, field: issue.field || t('serverImport.wholeEntry') })} `
        : issue.field
          ? `${t('serverImport.issueAtField', { field: issue.field })} `
          : null}
      <span data-testid="import-issue-detail">{issue.code ? t(`serverImport.issues.${issue.code}`, issue.params) : issue.message}</span>
    </>
  )
}
