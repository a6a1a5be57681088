import type { PageComponentType } from '@yanbo/contracts';
import type { ComponentRenderer } from '../portal-context.ts';
import { renderActivity } from './activity.ts';
import { renderActivityTab } from './activity-tab.ts';
import { renderBanner } from './banner.ts';
import { renderBrand } from './brand.ts';
import { renderCard } from './card.ts';
import { renderCatalog } from './catalog.ts';
import { renderCountdown } from './countdown.ts';
import { renderElevator } from './elevator.ts';
import { renderGraphic } from './graphic.ts';
import { renderHeader } from './header.ts';
import { renderMobilesNav } from './mobiles-nav.ts';
import { renderPlayer } from './player.ts';
import { renderSearch } from './search.ts';
import { renderSlogan } from './slogan.ts';
import { renderSudokuNav } from './sudoku-nav.ts';
import { renderVideo } from './video.ts';

/** What draws each of the 16 portal component types (seed 001 §3 "Portal components"); the type asks for all. */
export const COMPONENT_RENDERERS: { readonly [T in PageComponentType]: ComponentRenderer<T> } = {
  header: renderHeader,
  banner: renderBanner,
  mobilesNav: renderMobilesNav,
  activity: renderActivity,
  video: renderVideo,
  'activity-tab': renderActivityTab,
  card: renderCard,
  slogan: renderSlogan,
  graphic: renderGraphic,
  catalog: renderCatalog,
  sudokuNav: renderSudokuNav,
  elevator: renderElevator,
  countdown: renderCountdown,
  brand: renderBrand,
  player: renderPlayer,
  search: renderSearch,
};
