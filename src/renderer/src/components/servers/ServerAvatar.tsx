import { useState } from 'react'
import { Avatar } from 'antd'
import type { McpServer } from '@shared/mcp/server'
import { builtinEntryOf } from '@shared/mcp/serverCatalogue'
import { CATALOGUE_ICONS } from '@renderer/components/catalogue/catalogueIcons'
import { useRemoteImage } from '@renderer/hooks/useRemoteImage'

// readable with white text in light and dark themes alike
const COLORS = ['#1677ff', '#13a8a8', '#389e0d', '#d46b08', '#722ed1', '#c41d7f']

/** The same name always gets the same color, so a server is recognized at a glance. */
function colorOf(name: string): string {
  let hash = 0
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0
  return COLORS[Math.abs(hash) % COLORS.length]
}

/**
 * The server's logo (web logos come through main); a built-in's catalogue icon; else its initial
 * while there is no logo or it cannot be shown.
 */
export function ServerAvatar({ server, size = 40 }: { server: McpServer; size?: number }) {
  const logo = useRemoteImage(server.ui?.logoUrl)
  const [broken, setBroken] = useState<string>()
  const initial = server.name.trim().charAt(0).toUpperCase() || '?'
  const builtin = builtinEntryOf(server)
  if (logo.status === 'ready' && broken !== logo.src) {
    return (
      <Avatar
        size={size}
        shape="square"
        src={logo.src}
        alt=""
        data-testid="server-logo"
        onError={() => {
          // the bytes were an image type but not a picture the browser can draw
          setBroken(logo.src)
          return false
        }}
      />
    )
  }
  return (
    <Avatar
      size={size}
      shape="square"
      aria-hidden
      style={{ flexShrink: 0, background: colorOf(server.name) }}
      data-testid={builtin ? 'server-builtin-icon' : 'server-initial'}
      data-logo-error={logo.status === 'failed' ? logo.error : undefined}
      icon={builtin && !server.ui?.logoUrl ? CATALOGUE_ICONS[builtin.icon] : undefined}
    >
      {builtin && !server.ui?.logoUrl ? null : initial}
    </Avatar>
  )
}
