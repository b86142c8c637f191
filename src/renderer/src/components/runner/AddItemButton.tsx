import { PlusOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { TranslatableString, type IconButtonProps } from '@rjsf/utils'

/** An array's Add button with its words on it: the theme's icon-only button says nothing to a reader or a screen reader. */
export function AddItemButton({ id, className, disabled, onClick, registry }: IconButtonProps) {
  return (
    <Button id={id} className={className} type="dashed" icon={<PlusOutlined />} disabled={disabled} onClick={onClick} data-testid="schema-add-item">
      {registry.translateString(TranslatableString.AddItemButton)}
    </Button>
  )
}
