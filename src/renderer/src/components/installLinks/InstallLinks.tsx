import { InstallLinkDialog } from './InstallLinkDialog'
import { useInstallLinks } from './useInstallLinks'

/** The install links that came to this window, shown one at a time. */
export function InstallLinks() {
  const { link, done } = useInstallLinks()
  return link ? <InstallLinkDialog key={link.id} link={link.link} onClose={done} /> : null
}
