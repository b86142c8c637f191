import { useState } from 'react'
import { Avatar } from 'antd'
import type { McpServer } from '@shared/mcp/server'

// readable with white text in light and dark themes alike
const COLORS = ['#1677ff', '#13a8a8', '#389e0d', '#d46b08', '#722ed1', '#c41d7f']

/** The same name always gets the same color, so a server is recognized at a glance. */
function colorOf(name: string): string {
  let hash = 0
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0
  return COLORS[Math.abs(hash) % COLORS.length]
}

/** The server's logo, or its initial when there is none or it cannot load (the CSP allows only local images). */
export function ServerAvatar({ server, size = 40 }: { server: McpServer; size?: number }) {
  const [failed, setFailed] = useState(false)
  const initial = server.name.trim().charAt(0).toUpperCase() || '?'
  if (server.logoUrl && !failed) {
    return (
      <Avatar
        size={size}
        shape="square"
        src={server.logoUrl}
        alt=""
        onError={() => {
          setFailed(true)
          return false
        }}
      />
    )
  }
  return (
    <Avatar size={size} shape="square" aria-hidden style={{ flexShrink: 0, background: colorOf(server.name) }} data-testid="server-initial">
      {initial}
    </Avatar>
  )
}
