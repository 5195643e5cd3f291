"""Drawing mazes: geometry in cell units, then one backend per output kind."""
