import { css } from 'lit';

/** `.visually-hidden`: read by screen readers, not shown. Include it in an element's styles. */
export const visuallyHidden = css`
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;
