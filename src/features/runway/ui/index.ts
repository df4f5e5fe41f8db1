/** The runway area's screens: the overview card, the allocation page's table, and the stylesheet anchor. */
export { RunwayCard, RunwayFigure, RunwayStyles, RunwayTable } from './runway';
