import { InboxOutlined } from '@ant-design/icons'
import { Flex, Typography, theme } from 'antd'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ExtensionInstallDialog } from './ExtensionInstallDialog'
import { useOpenedExtensionFiles } from './useOpenedExtensionFiles'

const ExtensionInstallContext = createContext<((file?: File) => void) | null>(null)

/** Opens the install dialog (Add server → Install extension…); null outside the servers page. */
export function useExtensionInstall(): ((file?: File) => void) | null {
  return useContext(ExtensionInstallContext)
}

const carriesFiles = (event: DragEvent) => !!event.dataTransfer && Array.from(event.dataTransfer.types).includes('Files')

/**
 * The install dialog for the page, and the window as a drop target: a file dropped anywhere on
 * it opens the dialog with that file (any other file is named and refused there). A file the
 * operating system opened the app with (a double-click) opens it too, once no dialog is open.
 */
export function ExtensionInstallProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ file?: File } | null>(null)
  const [dragging, setDragging] = useState(false)
  const opened = useOpenedExtensionFiles()

  useEffect(() => {
    // dragenter/leave fire for every child crossed: count them to know when the drag left the window
    let depth = 0
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth++
      setDragging(true)
    }
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    // without this the browser opens (or downloads) a dropped file instead of handing it to us
    const over = (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault()
    }
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth = 0
      setDragging(false)
      const file = event.dataTransfer?.files[0]
      if (file) setOpen({ file })
    }
    window.addEventListener('dragenter', enter)
    window.addEventListener('dragleave', leave)
    window.addEventListener('dragover', over)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragenter', enter)
      window.removeEventListener('dragleave', leave)
      window.removeEventListener('dragover', over)
      window.removeEventListener('drop', drop)
    }
  }, [])

  return (
    <ExtensionInstallContext.Provider value={(file) => setOpen({ file })}>
      {children}
      {dragging && <DropOverlay />}
      {open ? (
        <ExtensionInstallDialog file={open.file} onClose={() => setOpen(null)} />
      ) : (
        opened.file && <ExtensionInstallDialog key={opened.file.openedId} opened={opened.file} onClose={opened.done} />
      )}
    </ExtensionInstallContext.Provider>
  )
}

function DropOverlay() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap="small"
      data-testid="extension-drop-overlay"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        pointerEvents: 'none',
        background: token.colorBgMask,
        border: `3px dashed ${token.colorPrimary}`
      }}
    >
      <InboxOutlined style={{ fontSize: 48, color: token.colorPrimary }} />
      <Typography.Title level={3} style={{ color: token.colorTextLightSolid, margin: 0 }}>
        {t('extensionInstall.dropHere')}
      </Typography.Title>
    </Flex>
  )
}
