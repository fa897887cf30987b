/** The panel's states (SPEC section 4): closed, or open and either expanded or minimised. */
export type PanelMode = "closed" | "open" | "minimized";
