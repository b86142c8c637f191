import {
  AppstoreAddOutlined,
  BranchesOutlined,
  CloudServerOutlined,
  FolderOpenOutlined,
  FormOutlined,
  GlobalOutlined,
  ShareAltOutlined
} from '@ant-design/icons'
import type { ReactNode } from 'react'
import type { CatalogueIcon } from '@shared/mcp/serverCatalogue'

/** The picture of each catalogue entry (shared code names it, the renderer draws it). */
export const CATALOGUE_ICONS: Record<CatalogueIcon, ReactNode> = {
  memory: <ShareAltOutlined />,
  folder: <FolderOpenOutlined />,
  thinking: <BranchesOutlined />,
  globe: <GlobalOutlined />,
  brain: <CloudServerOutlined />,
  note: <FormOutlined />,
  package: <AppstoreAddOutlined />
}
