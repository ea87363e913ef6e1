"""Small CNNs of the layers torchvision's models are made of, with random
weights and batch-norm statistics away from the identity: a ResNet-style
model (batch norm, ReLU, max pooling, a residual block, adaptive average
pooling, a linear head) and a MobileNet-style one (ReLU6, a depthwise
convolution, group norm, hardtanh, average pooling, argmax, a mean over all
dims)."""

import torch


def randomize_norms(module):
    # Running statistics and affine parameters away from 0 and 1, so that
    # a wrong scale or shift shows.
    for m in module.modules():
        if isinstance(m, (torch.nn.BatchNorm2d, torch.nn.GroupNorm)):
            with torch.no_grad():
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.5, 0.5)
                if isinstance(m, torch.nn.BatchNorm2d):
                    m.running_mean.uniform_(-0.5, 0.5)
                    m.running_var.uniform_(0.5, 2.0)
    return module.eval()


class Block(torch.nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(c)
        self.conv2 = torch.nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(c)

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(x + self.bn2(self.conv2(y)))


class ResNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 8, 5, stride=2, padding=2, bias=False)
        self.bn = torch.nn.BatchNorm2d(8)
        self.block = Block(8)
        self.fc = torch.nn.Linear(8, 10)

    def forward(self, x):
        y = torch.relu(self.bn(self.stem(x)))
        y = torch.nn.functional.max_pool2d(y, 3, 2, 1)
        y = self.block(y)
        return self.fc(torch.nn.functional.adaptive_avg_pool2d(y, 1).flatten(1))


class MobileNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.expand = torch.nn.Conv2d(3, 16, 1)
        self.bn = torch.nn.BatchNorm2d(16)
        self.depthwise = torch.nn.Conv2d(16, 16, 3, padding=1, groups=16)
        self.gn = torch.nn.GroupNorm(4, 16)
        self.project = torch.nn.Conv2d(16, 6, 1)

    def forward(self, x):
        y = torch.nn.functional.relu6(self.bn(self.expand(x)))
        y = torch.nn.functional.hardtanh(self.gn(self.depthwise(y)), -2.0, 2.0)
        y = torch.nn.functional.avg_pool2d(self.project(y), 2)
        return y.argmax(1), y - y.mean()
