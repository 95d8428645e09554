"""Everything that draws or plays sound (pygame). Draws from the rules' views; never changes a state."""
