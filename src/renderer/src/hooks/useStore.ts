import { useDispatch, useSelector } from 'react-redux'
import type { AppDispatch, RootState } from '@renderer/store'

// typed once here so components never repeat the RootState / AppDispatch annotations
export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()
